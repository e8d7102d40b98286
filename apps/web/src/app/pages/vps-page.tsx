import { SubscriptionPanel } from '../../features/payments/components/subscription-panel.tsx';
import { StagesSection } from '../../features/stages/components/stages-section.tsx';
import { useMay } from '../../lib/studio-role.ts';

/**
 * VPS (/vps): the partner's AR placement subscription from payments, then the stages it places content on; each by
 * the member's role (the route lets in a role with either): Finance buys months, a Developer places stages.
 */
export default function VpsPage() {
  const may = useMay();
  return (
    <>
      <SubscriptionPanel canBuy={may('subscriptions')} />
      {may('stages') ? <StagesSection /> : null}
    </>
  );
}
