// A create call as a mutation: POST the body, then refresh the given queries. Failures toast
// 'Error' with the server's message or the screen's fallback text (spec doc 2 §8).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, messageOf } from './api-client';
import { useToast } from './toast';

export function useApiMutation<TBody, TResult = unknown>(options: {
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: (body: TBody) => string;
  invalidates: (body: TBody) => QueryKey[];
  failure: string;
  success?: string;
  send?: (body: TBody) => unknown;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (body: TBody) => {
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
    onSuccess: async (_result, body) => {
      await Promise.all(options.invalidates(body).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (options.success) toast({ title: options.success });
    },
    onError: (error) => toast({ title: 'Error', description: messageOf(error, options.failure), variant: 'destructive' }),
  });
}
