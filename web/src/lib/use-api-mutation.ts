// A create call as a mutation: POST the body, then refresh the given queries. Failures toast
// 'Error' with the server's message or the screen's fallback text.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, isUnauthorized, messageOf } from './api-client';
import { UNAUTHORIZED_REDIRECT_MS } from './session';
import { useToast, type ToastInput } from './toast';
import { i18n } from './i18n';

export function useApiMutation<TBody, TResult = unknown>(options: {
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: (body: TBody) => string;
  invalidates: (body: TBody) => QueryKey[];
  failure: string;
  failureTitle?: string;
  /** The success toast: a fixed title, or one made from the answer (e.g. how many were placed). */
  success?: string | ((result: TResult) => ToastInput);
  send?: (body: TBody) => unknown;
  /** The call itself when it is more than one request (a step repeated until done); `url` and `send` then unused. */
  run?: (body: TBody) => Promise<TResult>;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (body: TBody) => {
      if (options.run) return options.run(body);
      const payload = options.send ? options.send(body) : body;
      switch (options.method ?? 'POST') {
        case 'PATCH':
          return api.patch<TResult>(options.url(body), payload);
        case 'PUT':
          return api.put<TResult>(options.url(body), payload);
        case 'DELETE':
          return api.delete<TResult>(options.url(body));
        default:
          return api.post<TResult>(options.url(body), payload);
      }
    },
    onSuccess: async (result, body) => {
      await Promise.all(options.invalidates(body).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (options.success)
        toast(typeof options.success === 'string' ? { title: options.success } : options.success(result));
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        toast({
          title: i18n.t('auth.unauthorizedTitle'),
          description: i18n.t('auth.unauthorized'),
          variant: 'destructive',
        });
        setTimeout(() => window.location.assign('/login'), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      toast({
        title: options.failureTitle ?? i18n.t('common.error'),
        description: messageOf(error, options.failure),
        variant: 'destructive',
      });
    },
  });
}
