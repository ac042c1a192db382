// Routes of the contact function: the public contact form and the inquiries admins read.
import type { ApiRoute } from './types';

export const contactRoutes = [
  { method: 'POST', path: '/api/contact', fn: 'contact', action: 'submitInquiry', access: 'public' },
  { method: 'GET', path: '/api/contact/inquiries', fn: 'contact', action: 'listInquiries', access: 'inquiries:read' },
] as const satisfies readonly ApiRoute[];
