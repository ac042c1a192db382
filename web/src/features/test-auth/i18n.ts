// Texts of the role test page (web/src/lib/i18n/catalogue.ts), loaded with the page, not the first load.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const testAuthEn = {
  title: 'Role-Based Access Control Test',
  currentUser: 'Current User',
  role: 'Role',
  extraRoles: 'Extra roles',
  none: 'None',
  permissions: 'Permission flags',
  flags: { adminPanel: 'Admin', wms: 'WMS', analytics: 'Analytics', driverMobile: 'Driver', readOnly: 'Read-only' },
  yes: 'Yes',
  no: 'No',
  accounts: 'Test Accounts',
  accountsHint: 'Sign in as any sample account to try its role. Password for all: {{password}}',
  testLogin: 'Test Login',
  current: 'Current',
  descriptions: {
    admin: 'Full system access',
    operations: 'Operations and booking access',
    yard_manager: 'Yard management access',
    driver: 'Driver self-service only',
    spectator: 'Read-only access',
  },
  loginSuccessTitle: 'Login Successful',
  loginSuccess: 'Logged in as {{role}}',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Invalid credentials',
  loginErrorTitle: 'Login Error',
  loginError: 'Failed to connect to server',
} as const;

export const testAuthText = defineCatalogue('testAuth', testAuthEn, () => import('./i18n.hi').then((m) => m.testAuth));
