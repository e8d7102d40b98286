import { PAYOUT_DELAY_TEXT, PAYOUT_EXAMPLE_TEXT } from '@portal/contracts/income-rules';
import { Link } from 'react-router';
import { useSettings } from '../../../lib/settings.ts';

export default function AboutPage() {
  const { data: settings } = useSettings();
  return (
    <article className="prose narrow">
      <h2>About the Partner Portal</h2>
      <p>
        The Partner Portal is where developers, 3D artists and business partners work with Lumora, the augmented-reality
        social platform and marketplace. It is the one place to submit AR games and 3D models, to test them with your
        own players, to release them to the store, and to follow what they earn.
      </p>
      <h3>Our commitments to partners</h3>
      <ul>
        <li>Submissions are kept confidential and deleted if they are not accepted.</li>
        <li>All marketplace assets are listed in US dollars.</li>
        <li>{`Payments are made ${PAYOUT_DELAY_TEXT} after receipt, only on the last day of a month (${PAYOUT_EXAMPLE_TEXT}), initiated from Hong Kong.`}</li>
        <li>There are no refunds for digital assets; a commission applies per your partnership agreement.</li>
        <li>AR placements last one month, then expire and are removed automatically.</li>
        <li>The VPS placement app is in beta: content placed with it may be removed.</li>
      </ul>
      <h3>Contact</h3>
      <p>
        Lumora Limited, Hong Kong. Partner enquiries:{' '}
        {settings?.partnerContactEmail ? (
          <a href={`mailto:${settings.partnerContactEmail}`}>{settings.partnerContactEmail}</a>
        ) : (
          <Link to="/contact">Contact Us</Link>
        )}
        .
      </p>
    </article>
  );
}
