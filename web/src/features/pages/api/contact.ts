// The contact form's call: POST /api/contact (public, limited per address).
import { useMutation } from '@tanstack/react-query';
import type { ContactInquiryInput, ContactInquiryReceipt } from '@shared/contracts/contact';
import { api } from '../../../lib/api-client';

export function useSendInquiry() {
  return useMutation({
    mutationFn: (input: ContactInquiryInput) => api.post<ContactInquiryReceipt>('/api/contact', input),
  });
}
