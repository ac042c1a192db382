// Contact inquiries: the public contact form's POST, and the list admins read.
import { json, parseBody, parseQuery, requireUser } from '../lib/http';
import { defineFunction } from '../api';
import { contactInquirySchema, inquiryListQuerySchema } from '../../shared/contracts/contact';
import { requestLanguage } from '../../shared/server-messages';
import { submitInquiry } from './submit-inquiry';
import { listInquiries } from './inquiry.store';
import { contactRoutes } from '../../shared/routes/contact';

export const { handler, actions, routes } = defineFunction('contact', contactRoutes, {
  async submitInquiry(req) {
    const input = parseBody(req, contactInquirySchema);
    return json(await submitInquiry(input, req.ip, requestLanguage(req.event.headers?.['accept-language'])), 201);
  },

  async listInquiries(req) {
    const { user } = requireUser(req);
    const { limit, cursor } = parseQuery(req, inquiryListQuerySchema);
    return json(await listInquiries(user.tenantId, limit, cursor));
  },
});
