import { SubscriptionPanel } from '../../features/payments/components/subscription-panel.tsx';
import { StagesSection } from '../../features/stages/components/stages-section.tsx';

/** VPS (/vps): the partner's AR placement subscription from payments, then the stages it places content on. */
export default function VpsPage() {
  return (
    <>
      <SubscriptionPanel />
      <StagesSection />
    </>
  );
}
