import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@talaqa/domain';
import type { Topic, TopicBody } from '@talaqa/domain';
import { api, isApiError } from '../../api';

export type { TopicBody };

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
    queryFn: ({ signal }) => api.call(API.topics.list, {}, { private: true, signal }),
  });
}

/** POST /topic/ -> 201 Topic */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicBody) => api.call(API.topics.create, { body }),
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
      api.call(API.topics.update, { params: { id }, body }),
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
    mutationFn: (id: number) => api.call(API.topics.remove, { params: { id } }),
    onError: refreshIfGone(queryClient),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Topic[]>(topicKeys.list, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: topicKeys.list });
    },
  });
}
