import { Link } from 'react-router';
import { useSettings } from '../../../lib/settings.ts';
import { ContactForm } from '../components/contact-form.tsx';

export default function ContactPage() {
  const { data: settings } = useSettings();
  return (
    <div className="split">
      <section className="split__main prose">
        <h2>We would like to hear from you</h2>
        <p>
          Whether you are a studio with a game ready to ship, a 3D artist, or a business looking for a presence in
          augmented reality, send us a message and the partner team will get back to you.
        </p>
        <h3>Partner team</h3>
        <p>
          {settings?.partnerContactEmail ? (
            <a href={`mailto:${settings.partnerContactEmail}`}>{settings.partnerContactEmail}</a>
          ) : (
            'Use the form on this page.'
          )}
        </p>
        <h3>Before you write</h3>
        <p>
          Many questions about review, payouts and file formats are answered in the <Link to="/faqs">FAQs</Link> and the{' '}
          <Link to="/document">SDK documentation</Link>.
        </p>
      </section>
      <aside className="split__side">
        <ContactForm />
      </aside>
    </div>
  );
}
