import { paymentProviderContract } from '../services/payments/contract';
import { stripeProviderHarness } from '../services/payments/stripe/contractHarness';

// The Stripe adapter passes the provider contract against a loopback fake of Stripe's API
// (PGlite, or PostgreSQL with TEST_DATABASE_URL). No request leaves the machine.
paymentProviderContract(stripeProviderHarness);
