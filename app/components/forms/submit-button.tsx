import type { ReactNode } from "react";

import { Button, type ButtonSize } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * A form's send button that shows the form is being sent: while `pending` it is disabled, a
 * clock turns (still where motion is reduced) and it says `pendingLabel` instead of its label.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  size,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size={size} disabled={pending} className={className}>
      {pending && <Icon name="clock" className="size-4 animate-spin motion-reduce:animate-none" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
