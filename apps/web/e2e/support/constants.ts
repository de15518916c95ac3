export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
