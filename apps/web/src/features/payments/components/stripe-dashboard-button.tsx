import { Button, type ButtonProps } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getDashboardLink } from '../api/get-dashboard-link.ts';

/** Opens the partner's Stripe dashboard in a new tab. */
export function StripeDashboardButton({ children = 'Your Stripe Account', ...props }: ButtonProps) {
  const open = async () => {
    // opened inside the click so that popup blockers allow it; its address follows once the link is made
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await getDashboardLink();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      toast.error(err instanceof ApiError ? err.message : 'Error');
    }
  };
  return (
    <Button variant="secondary" onClick={open} {...props}>
      {children}
    </Button>
  );
}
