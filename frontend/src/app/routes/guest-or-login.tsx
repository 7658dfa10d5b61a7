import { messages } from '@tcg/domain';
import { ComingSoon } from '@/components/ui/coming-soon';

export default function GuestOrLoginRoute() {
  return <ComingSoon title={messages.auth.signInHeading} />;
}
