import { messages } from '@tcg/domain';
import { ComingSoon } from '@/components/ui/coming-soon';

export default function CheckoutRoute() {
  return <ComingSoon title={messages.checkout.title} />;
}
