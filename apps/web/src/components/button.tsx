import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { useIsHydrated } from '../lib/hydration.ts';
import { useThrottledCallback } from '../lib/throttle.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'lg';
  isLoading?: boolean;
  /** Clicks are throttled at 800 ms unless the caller throttles its own action. */
  isThrottled?: boolean;
}

/**
 * A button whose clicks are throttled at 800 ms (forms throttle their own submits). On a prerendered page it is
 * disabled until the app has taken the page over: a click before that would be lost, or submit its form natively.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  isThrottled = true,
  className,
  onClick,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const throttled = useThrottledCallback((event: MouseEvent<HTMLButtonElement>) => onClick?.(event));
  const isHydrated = useIsHydrated();
  return (
    <button
      type={type}
      className={['btn', `btn--${variant}`, `btn--${size}`, className].filter(Boolean).join(' ')}
      onClick={isThrottled && onClick ? throttled : onClick}
      disabled={disabled || isLoading || !isHydrated}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
