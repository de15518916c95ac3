export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
/** The e2e server's Stripe key: the local Stripe test server accepts any test-mode key. */
export const E2E_STRIPE_SECRET_KEY = 'sk_test_e2e';
