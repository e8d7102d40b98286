import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentMarkdown } from '../api/get-document-markdown.ts';
import { useDocuments } from '../api/get-documents.ts';

// loaded with the first document: the page's first paint (and its prerendered HTML) needs neither marked nor DOMPurify
const Markdown = lazy(() => import('../../../components/markdown.tsx').then((m) => ({ default: m.Markdown })));

const loadingContent = <div className="page-loading" aria-busy="true" />;

export default function DocumentPage() {
  const [params, setParams] = useSearchParams();
  const documents = useDocuments();
  const list = documents.data?.data ?? [];
  const selected = list.find((doc) => doc.id === params.get('id')) ?? list[0];
  const markdown = useDocumentMarkdown(selected?.url);

  if (documents.isPending) return loadingContent;
  if (list.length === 0) return <p className="empty">No documents yet.</p>;

  return (
    <div className="docs">
      <nav className="docs__nav" aria-label="Documents">
        <ul>
          {list.map((doc) => (
            <li key={doc.id}>
              <button
                type="button"
                className={`docs__link${doc.id === selected?.id ? ' docs__link--active' : ''}`}
                aria-current={doc.id === selected?.id ? 'page' : undefined}
                onClick={() => setParams({ id: doc.id }, { replace: true })}
              >
                <span className="docs__name">{doc.name}</span>
                <span className="docs__description">{doc.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="docs__content" aria-live="polite">
        {markdown.isPending ? (
          loadingContent
        ) : markdown.isError ? (
          <p className="empty">This document could not be loaded.</p>
        ) : (
          <Suspense fallback={loadingContent}>
            <Markdown source={markdown.data} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
