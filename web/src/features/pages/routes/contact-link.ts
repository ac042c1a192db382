// A link to the contact form with its inquiry type (and subject) chosen: tickets, demo requests,
// webinar registrations, job applications and legal-update subscriptions all arrive as inquiries.
import type { InquiryType } from '@shared/contracts/contact';

export function contactLink(type: InquiryType, subject?: string): string {
  const params = new URLSearchParams({ type });
  if (subject) params.set('subject', subject);
  return `/contact?${params}`;
}
