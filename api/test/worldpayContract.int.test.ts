import { paymentProviderContract } from '../services/payments/contract';
import { worldpayProviderHarness } from '../services/payments/worldpay/contractHarness';

// The Worldpay adapter passes the provider contract against a loopback fake of Access Worldpay
// (PGlite, or PostgreSQL with TEST_DATABASE_URL). No request leaves the machine.
paymentProviderContract(worldpayProviderHarness);
