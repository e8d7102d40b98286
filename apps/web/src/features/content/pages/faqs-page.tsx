import { useFaqs } from '../api/get-faqs.ts';

export default function FaqsPage() {
  const { data, isPending, isError } = useFaqs();
  if (isPending) return <div className="page-loading" aria-busy="true" />;
  if (isError) return <p className="empty">The questions could not be loaded. Please try again later.</p>;
  const faqs = [...data.data].sort((a, b) => a.order - b.order);
  if (faqs.length === 0) return <p className="empty">No questions yet.</p>;
  return (
    <div className="faq-grid">
      {faqs.map((faq) => (
        <article key={faq.id} className="card faq" data-testid="faq">
          <h2 className="faq__question">{faq.question}</h2>
          <p className="faq__answer">{faq.answer}</p>
        </article>
      ))}
    </div>
  );
}
