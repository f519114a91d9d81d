import { useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import type { CommentView } from '@shared/schemas/user-labels';
import { Alert, Button, DataTable, DEFAULT_TABLE_STATE, formatDate, LoadingState, type ServerTableState } from '../../../components/ui';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { AddCommentsDialog } from './AddCommentsDialog';

const columns: ColumnDef<CommentView>[] = [
  { id: 'date', header: 'Date', enableSorting: false, cell: ({ row }) => formatDate(row.original.createdAt) },
  { id: 'type', header: 'Type', enableSorting: false, cell: ({ row }) => row.original.type },
  { id: 'author', header: 'Author', enableSorting: false, cell: ({ row }) => `${row.original.author.firstName} ${row.original.author.lastName}` },
  { id: 'comment', header: 'Comment', enableSorting: false, cell: ({ row }) => row.original.comment },
];

/**
 * The Comments panel (SPEC.md section 2): date, type, author and comment with row checkboxes;
 * Delete removes the checked comments, the caller's own only (SPEC.md section 5), so only
 * those can be checked. Not shown on one's own profile (the server refuses it too).
 */
export function CommentsCard({ userId, mayAdd }: { userId: string; mayAdd: boolean }) {
  const comments = useApi(routes.user.comments, { params: { userId } });
  const save = useSave(() => comments.mutate());
  const adding = useDialogTarget<true>();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [table, setTable] = useState<ServerTableState>(DEFAULT_TABLE_STATE);
  const own = new Set(comments.data?.filter((item) => item.mine).map((item) => item.id));
  const selected = Object.keys(selection).filter((id) => selection[id] && own.has(id));
  const page = comments.data?.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);

  if (comments.error) return <Alert tone="danger">{(comments.error as Error).message}</Alert>;
  return (
    <section className="profile-card" aria-labelledby="profile-comments">
      <div className="profile-card-head">
        <h2 id="profile-comments">Comments</h2>
        <div className="profile-card-actions">
          <Button
            variant="danger"
            isDisabled={selected.length === 0 || save.isPending}
            onPress={async () => {
              if (await save.run(() => call(routes.user.removeComments, { body: { userId, comments: selected } }), selected.length === 1 ? 'Comment deleted.' : `${selected.length} comments deleted.`)) setSelection({});
            }}
          >
            Delete
          </Button>
          {mayAdd && (
            <Button variant="secondary" onPress={() => adding.open(true)}>
              + Add Comment
            </Button>
          )}
        </div>
      </div>
      {!comments.data ? (
        <LoadingState message="Loading comments..." />
      ) : (
        <DataTable
          aria-label="Comments"
          columns={columns}
          data={page}
          count={comments.data.length}
          state={table}
          onStateChange={setTable}
          showSearch={false}
          getRowId={(row) => row.id}
          rowSelection={Object.fromEntries(selected.map((id) => [id, true]))}
          onRowSelectionChange={(next) => setSelection(Object.fromEntries(Object.entries(next).filter(([id]) => own.has(id))))}
          canSelectRow={(row) => row.mine}
          getRowLabel={(row) => `comment of ${formatDate(row.createdAt)} by ${row.author.firstName} ${row.author.lastName}`}
          emptyState="No comments."
        />
      )}
      <AddCommentsDialog
        key={adding.openCount}
        isOpen={adding.isOpen}
        isPending={save.isPending}
        onClose={adding.close}
        onSave={async (rows) => {
          if (await save.run(() => call(routes.user.addComments, { params: { id: userId }, body: { comments: rows } }), rows.length === 1 ? 'Comment added.' : `${rows.length} comments added.`)) adding.close();
        }}
      />
    </section>
  );
}
