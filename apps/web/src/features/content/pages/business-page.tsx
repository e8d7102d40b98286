import { ContactForm } from '../components/contact-form.tsx';
import { FeatureGrid } from '../components/feature-sections.tsx';

const ways = [
  {
    title: 'Billboards and posters',
    text: 'Turn a printed poster or a billboard into a living AR scene that passers-by open with the Lumora app.',
  },
  {
    title: 'Events',
    text: 'Bring launches, concerts and fairs to life with placed 3D content and games that gather your audience.',
  },
  {
    title: 'Coupons in the wallet',
    text: 'Hand out coupons that land in the Lumora wallet, ready to redeem in store or online.',
  },
  {
    title: 'Token fountains',
    text: 'Rent a token fountain at your venue: players come to collect tokens, and stay for what you show them.',
  },
];

export default function BusinessPage() {
  return (
    <div className="split">
      <section className="split__main prose">
        <h2>Reach people where they are</h2>
        <p>
          Lumora is an augmented-reality social platform and marketplace. People use it to play, to meet and to collect,
          and every experience is anchored to a real place. For businesses, that means a new kind of presence: not
          another banner on a screen, but something people walk up to.
        </p>
        <FeatureGrid features={ways} columns={2} />
        <h2>How we work together</h2>
        <ol>
          <li>Tell us about your business and your goals with the form.</li>
          <li>We propose a plan: the places, the content and how people will find it.</li>
          <li>Your AR placement runs for a month at a time, then expires and is removed automatically.</li>
        </ol>
        <p>
          All prices are in US dollars. Placement content is reviewed before it goes live, and everything you share with
          us stays confidential.
        </p>
      </section>
      <aside className="split__side">
        <ContactForm heading="Become a business partner" />
      </aside>
    </div>
  );
}
