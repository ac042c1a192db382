// Contact inquiries sent from the public contact page (doc 3 §3 contact form fields, §5, §9 inquiry
// types). The spec sets no length bounds; the API does (an inquiry is stored and e-mailed), and the
// texts are kept as typed: the page shows them as text, never as HTML.
import * as z from 'zod/mini';
import { pageQuery, requiredText } from './fields';

export const INQUIRY_TYPES = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'demo', label: 'Request Demo' },
  { value: 'sales', label: 'Sales Question' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'media', label: 'Media Inquiry' },
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];
const INQUIRY_TYPE_VALUES = INQUIRY_TYPES.map((t) => t.value) as [InquiryType, ...InquiryType[]];

export const CONTACT_LIMITS = { name: 120, email: 254, company: 160, phone: 20, subject: 200, message: 5000 } as const;

const optional = (max: number) =>
  z.pipe(
    z.optional(
      z
        .string({ error: `Must be at most ${max} characters` })
        .check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)),
    ),
    z.transform((v) => v ?? ''),
  );

export const contactInquirySchema = z.strictObject({
  name: requiredText('Name is required', CONTACT_LIMITS.name),
  email: z.pipe(
    z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required')),
    z
      .email('Please enter a valid email address')
      .check(z.maxLength(CONTACT_LIMITS.email, `Must be at most ${CONTACT_LIMITS.email} characters`)),
  ),
  company: optional(CONTACT_LIMITS.company),
  phone: optional(CONTACT_LIMITS.phone),
  subject: requiredText('Subject is required', CONTACT_LIMITS.subject),
  message: requiredText('Message is required', CONTACT_LIMITS.message),
  inquiryType: z._default(z.enum(INQUIRY_TYPE_VALUES, { error: 'Please choose an inquiry type' }), 'general'),
});
export type ContactInquiryInput = z.input<typeof contactInquirySchema>;

export interface ContactInquiry {
  id: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
  /** 'en' or 'hi': the language the page was in, so a reply can be written in it. */
  language: string;
  createdAt: string;
}

export interface ContactInquiryReceipt {
  id: string;
  createdAt: string;
}

export const inquiryListQuerySchema = pageQuery(50);

export interface InquiryPage {
  data: ContactInquiry[];
  nextCursor: string | null;
}
