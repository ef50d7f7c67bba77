import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Topic } from '@talaqa/domain';
import { api, isApiError } from '../../api';

export type TopicBody = Pick<Topic, 'nameAr' | 'nameEn'>;

export const topicKeys = { list: ['topics', 'list'] as const };

/** Someone else deleted the topic meanwhile: the list is out of date. */
const refreshIfGone = (queryClient: ReturnType<typeof useQueryClient>) => (error: unknown) => {
  if (isApiError(error) && error.code === 'topic-not-found') {
    void queryClient.invalidateQueries({ queryKey: topicKeys.list });
  }
};

/** GET /topic/list */
export function useTopics() {
  return useQuery({
    queryKey: topicKeys.list,
    queryFn: ({ signal }) => api.get<Topic[]>('/topic/list', { private: true, signal }),
  });
}

/** POST /topic/ -> 201 Topic */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicBody) => api.post<Topic>('/topic/', body, { private: true }),
    onSuccess: (topic) => {
      queryClient.setQueryData<Topic[]>(topicKeys.list, (list) => (list ? [...list, topic] : list));
      void queryClient.invalidateQueries({ queryKey: topicKeys.list });
    },
  });
}

/** PUT /topic/{id} -> Topic */
export function useUpdateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TopicBody & { id: number }) =>
      api.put<Topic>(`/topic/${id}`, body, { private: true }),
    onError: refreshIfGone(queryClient),
    onSuccess: (topic) => {
      queryClient.setQueryData<Topic[]>(topicKeys.list, (list) =>
        list?.map((item) => (item.id === topic.id ? topic : item)),
      );
      void queryClient.invalidateQueries({ queryKey: topicKeys.list });
    },
  });
}

/** DELETE /topic/{id} -> 204 */
export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/topic/${id}`, { private: true }),
    onError: refreshIfGone(queryClient),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Topic[]>(topicKeys.list, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: topicKeys.list });
    },
  });
}
