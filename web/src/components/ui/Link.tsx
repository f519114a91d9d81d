import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { cx } from './classNames';

export interface LinkProps extends Omit<AriaLinkProps, 'className'> {
  className?: string;
}

/**
 * A styled react-aria link. Client-side routing works once the app wraps its routes in
 * react-aria's RouterProvider (navigate + useHref from react-router).
 */
export function Link({ className, ...rest }: LinkProps) {
  return <AriaLink {...rest} className={cx('ui-link', className)} />;
}
