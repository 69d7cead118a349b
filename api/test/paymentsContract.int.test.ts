import { paymentProviderContract } from '../services/payments/contract';
import { testProviderHarness } from '../services/payments/test/contractHarness';

// The built-in test provider passes the provider contract (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). The Stripe and Worldpay adapters run the same suite with their own fakes.
paymentProviderContract(testProviderHarness);
