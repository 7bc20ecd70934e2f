import { BLOG_MESSAGES, blogAdminGreetingName, type BlogPost } from '@paycadence/contracts';
import { Button, showToast, Spinner, Tabs, useAuth, useLogoutToHome } from '@paycadence/web-kit';
import { useId, useState } from 'react';
import { useAdminPosts, useBlogActions, useReloadPosts } from '../api/blog-queries.js';
import '../blog/blog-admin.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { countPosts, filterPosts, POST_FILTERS, type PostFilter } from '../blog/post-filters.js';
import { PostEditor } from '../blog/PostEditor.js';
import { PostList } from '../blog/PostList.js';
import { SocialModal } from '../blog/SocialModal.js';
import { AdminPage } from '../components/AdminPage.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { MessageLine } from '../components/MessageLine.js';
import { useEndQueueBoard } from '../components/QueueBoardButton.js';
import type { ActionMessage } from '../model/messages.js';

/** The post being edited (null: a new one); `opening` counts openings, so a reload starts the editor afresh. */
type EditorState = { post: BlogPost | null; opening: number } | null;

function BlogAdmin({ onMessage }: { onMessage: (message: ActionMessage | null) => void }) {
  const posts = useAdminPosts();
  const reload = useReloadPosts();
  const { remove } = useBlogActions();
  const [filter, setFilter] = useState<PostFilter>('all');
  const [editor, setEditor] = useState<EditorState>(null);
  const [sharing, setSharing] = useState<BlogPost | null>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const createId = useId();

  const openEditor = (post: BlogPost | null) => {
    onMessage(null);
    setEditor({ post, opening: Date.now() });
  };
  const closeEditor = () => {
    setEditor(null);
    // Back on the list, focus returns to where editing starts.
    setTimeout(() => document.getElementById(createId)?.focus(), 0);
  };
  const saved = () => {
    closeEditor();
    onMessage({ tone: 'success', text: BLOG_MESSAGES.saved });
    void reload();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      onMessage({ tone: 'success', text: BLOG_MESSAGES.deleted });
    } catch {
      onMessage({ tone: 'error', text: BLOG_MESSAGES.deleteFailed });
    }
    setDeleting(null);
    void reload();
    // The row (and its Delete button, where the dialog would return focus) may be gone: start again at the top.
    setTimeout(() => document.getElementById(createId)?.focus(), 0);
  };

  if (editor) {
    return (
      <PostEditor
        key={editor.opening}
        post={editor.post}
        onClose={closeEditor}
        onSaved={saved}
        onReload={(post) => setEditor({ post, opening: editor.opening + 1 })}
      />
    );
  }

  const all = posts.data ?? [];
  const counts = countPosts(all);
  return (
    <>
      <div className="ba-toolbar">
        <Button id={createId} onClick={() => openEditor(null)}>
          {BLOG_MESSAGES.createPost}
        </Button>
      </div>
      {posts.isPending ? (
        <Spinner label={BLOG_MESSAGES.loadingAdminPosts} />
      ) : posts.isError ? (
        // docs/product/signed-in.md §8: a failed list load is silent; no 'no posts' as if there were none, only a way to retry.
        <div className="ba-retry">
          <Button
            variant="secondary"
            busy={posts.isFetching}
            busyText={BLOG_MESSAGES.loadingAdminPosts}
            onClick={() => void posts.refetch()}
          >
            Reload posts
          </Button>
        </div>
      ) : (
        <Tabs
          label="Filter posts"
          className="ac-tabs ba-tabs"
          selectedId={filter}
          onChange={(id) => setFilter(id as PostFilter)}
          tabs={POST_FILTERS.map(({ id, label }) => ({
            id,
            label: `${label} (${counts[id]})`,
            content: (
              <PostList
                posts={filterPosts(all, id)}
                onEdit={openEditor}
                onSocial={setSharing}
                onDelete={setDeleting}
              />
            ),
          }))}
        />
      )}
      <SocialModal post={sharing} onClose={() => setSharing(null)} origin={window.location.origin} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete post"
        question={deleting ? BLOG_MESSAGES.deleteConfirm(deleting.title) : ''}
        confirmLabel="Delete"
        busyText="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/**
 * docs/product/signed-in.md §2: a logout action that logs out and returns to / (web-kit's one rule, as in the shell's header), and
 * closes the queue board this admin may have open.
 */
function LogoutButton() {
  const logoutToHome = useLogoutToHome();
  const endQueueBoard = useEndQueueBoard();
  const logout = async () => {
    await endQueueBoard();
    logoutToHome();
  };
  return (
    <Button variant="secondary" onClick={() => void logout()}>
      Log out
    </Button>
  );
}

/** /blog-admin (docs/product/signed-in.md §2): the posts, the editor and the social generator, for admins only. */
export function BlogAdminPage() {
  const { user } = useAuth();
  const [message, setMessage] = useState<ActionMessage | null>(null);
  return (
    <AdminPage
      title={BLOG_MESSAGES.adminTitle}
      badge="Admin"
      subtitle={`Hi ${user ? blogAdminGreetingName(user) : 'there'}!`}
      actions={<LogoutButton />}
    >
      <MessageLine message={message} />
      <BlogAdmin
        onMessage={(next) => {
          // Confirmations in a toast, as everywhere in the app; failures stay in the red line.
          setMessage(next?.tone === 'success' ? null : next);
          if (next?.tone === 'success') showToast({ message: next.text });
        }}
      />
    </AdminPage>
  );
}
