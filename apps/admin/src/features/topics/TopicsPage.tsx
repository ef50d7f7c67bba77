import { useState } from 'react';
import type { Topic } from '@talaqa/domain';
import {
  Button,
  EmptyState,
  PageTitle,
  QueryContent,
  SkeletonRows,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { DeleteDialog } from '../../components/DeleteDialog';
import { DialogCancelButton, EditDialog } from '../../components/EditDialog';
import { TopicForm } from './TopicForm';
import { useCreateTopic, useDeleteTopic, useTopics, useUpdateTopic } from './queries';

function TopicActions({
  topic,
  onEdit,
  onDelete,
}: {
  topic: Topic;
  onEdit: (topic: Topic) => void;
  onDelete: (topic: Topic) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`تعديل الموضوع ${topic.nameAr}`}
        onClick={() => onEdit(topic)}
      >
        تعديل
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`حذف الموضوع ${topic.nameAr}`}
        onClick={() => onDelete(topic)}
      >
        حذف
      </Button>
    </div>
  );
}

function TopicsList({
  topics,
  onEdit,
  onDelete,
}: {
  topics: Topic[];
  onEdit: (topic: Topic) => void;
  onDelete: (topic: Topic) => void;
}) {
  return (
    <>
      <table className="hidden w-full border-collapse overflow-hidden rounded-xl bg-white shadow-sm md:table">
        <caption className="sr-only">قائمة الموضوعات</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              الاسم بالعربية
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              الاسم بالإنجليزية
            </th>
            <th scope="col" className="px-4 py-3 text-start font-semibold">
              الإجراءات
            </th>
          </tr>
        </thead>
        <tbody>
          {topics.map((topic) => (
            <tr key={topic.id} className="border-t border-slate-100">
              <td className="px-4 py-3 font-semibold">{topic.nameAr}</td>
              <td className="px-4 py-3">
                <bdi dir="ltr" lang="en">
                  {topic.nameEn}
                </bdi>
              </td>
              <td className="px-4 py-3">
                <TopicActions topic={topic} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="قائمة الموضوعات" className="flex flex-col gap-3 md:hidden">
        {topics.map((topic) => (
          <li
            key={topic.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex min-w-0 flex-col">
              <span className="font-bold text-ink">{topic.nameAr}</span>
              <bdi dir="ltr" lang="en" className="text-sm text-muted">
                {topic.nameEn}
              </bdi>
            </div>
            <TopicActions topic={topic} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** `/topics`: the conversation topics, in Arabic and English; add, edit and delete. */
export default function TopicsPage() {
  const toast = useToast();
  const topics = useTopics();
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const remove = useDeleteTopic();
  const [editing, setEditing] = useState<Topic | null>(null);
  const [deleting, setDeleting] = useState<Topic | null>(null);

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="الموضوعات">
        <p>موضوعات المحادثة بالعربية والإنجليزية، مع إضافتها وتعديلها وحذفها.</p>
      </PageTitle>

      <section
        aria-labelledby="add-topic-heading"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="add-topic-heading" className="mb-3 text-lg font-bold text-ink">
          إضافة موضوع
        </h2>
        <TopicForm
          layout="inline"
          submitLabel="إضافة"
          failedText={UI_MESSAGES.topicAddFailed}
          onSave={(body) => create.mutateAsync(body)}
          onSaved={() => toast.success('تمت إضافة الموضوع')}
        />
      </section>

      <QueryContent
        query={topics}
        loading={<SkeletonRows rows={4} rowClassName="h-8 w-full" />}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title="لا توجد موضوعات بعد"
            description="أضف أول موضوع من النموذج أعلاه ليختار منه الطلاب موضوعاتهم المفضلة."
          />
        }
      >
        {(data) => <TopicsList topics={data} onEdit={setEditing} onDelete={setDeleting} />}
      </QueryContent>

      <EditDialog title="تعديل الموضوع" item={editing} onClose={() => setEditing(null)}>
        {(editing) => (
          <TopicForm
            key={editing.id}
            initial={{ nameAr: editing.nameAr, nameEn: editing.nameEn }}
            submitLabel="حفظ التعديل"
            failedText={UI_MESSAGES.topicEditFailed}
            onSave={(body) => update.mutateAsync({ id: editing.id, ...body })}
            onSaved={() => {
              setEditing(null);
              toast.success('تم تعديل الموضوع');
            }}
          >
            <DialogCancelButton />
          </TopicForm>
        )}
      </EditDialog>

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="حذف الموضوع"
        description={(topic) => `هل تريد حذف الموضوع «${topic.nameAr}»؟ لا يمكن التراجع عن الحذف.`}
        onDelete={async (topic) => {
          await remove.mutateAsync(topic.id);
          return `تم حذف الموضوع «${topic.nameAr}»`;
        }}
        failedText={UI_MESSAGES.topicDeleteFailed}
        loading={remove.isPending}
      />
    </section>
  );
}
