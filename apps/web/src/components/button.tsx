import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { useThrottledCallback } from '../lib/throttle.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'lg';
  isLoading?: boolean;
  /** Clicks are throttled at 800 ms unless the caller throttles its own action. */
  isThrottled?: boolean;
}

/** A button whose clicks are throttled at 800 ms (forms throttle their own submits). */
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
  return (
    <button
      type={type}
      className={['btn', `btn--${variant}`, `btn--${size}`, className].filter(Boolean).join(' ')}
      onClick={isThrottled && onClick ? throttled : onClick}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
