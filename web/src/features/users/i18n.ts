// Texts of the user administration screen (web/src/lib/i18n/catalogue.ts); role and document names
// are the core catalogue's (roles, register.documentTypes).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const usersEn = {
  title: 'User Management',
  pendingTab: 'Pending Approvals ({{count}})',
  allTab: 'All Users ({{count}})',
  loadingPending: 'Loading pending registrations...',
  loadingAll: 'Loading users...',
  noPending: 'No pending registrations',
  noUsers: 'No users found',
  verified: 'Verified',
  rejected: 'Rejected',
  pending: 'Pending',
  roleAndType: 'Role: {{role}} · Type: {{type}}',
  types: {
    dockyard_employee: 'DockYard Employee',
    external_user: 'External User',
    internal_user: 'Internal User',
    staff: 'Staff',
  },
  vehicle: 'Vehicle: {{number}}',
  vehicleWithType: 'Vehicle: {{number}} ({{type}})',
  driver: 'Driver: {{name}}',
  company: 'Company: {{name}}',
  registered: 'Registered {{date}}',
  approve: 'Approve',
  grantRole: 'Role to grant',
  approval: {
    title: 'Approve registration',
    chooseRole: 'Choose a role',
    carrierSearch: 'Find carrier by name, GSTIN, e-mail or phone',
    carrier: 'Carrier to link',
    matchCarrier: 'Match by e-mail or phone, or create from the registration',
    noCarrier: 'No carrier matches this search',
    driver: 'Driver record to link',
    matchDriver: 'Match by licence or mobile, or add a new record',
    carrierFirst: 'Choose the carrier first',
  },
  reject: 'Reject',
  rejectTitle: 'Reject registration',
  reason: 'Reason',
  defaultReason: 'Admin decision',
  openFailed: 'Failed to open the document',
  toasts: {
    failedTitle: 'Operation Failed',
    failed: 'Failed to update user status',
    approvedTitle: 'User Approved',
    rejectedTitle: 'User Rejected',
    approved: 'User has been approved successfully.',
    rejected: 'User has been rejected successfully.',
    linked: 'Linked to {{carrier}}.',
    linkedDriver: 'Linked to {{carrier}} as driver {{driver}}.',
    linkedNew: 'Linked to {{carrier}} (new record).',
    linkedDriverNew: 'Linked to {{carrier}} as driver {{driver}} (new record).',
  },
} as const;

export const usersText = defineCatalogue('users', usersEn, () => import('./i18n.hi').then((m) => m.users));
