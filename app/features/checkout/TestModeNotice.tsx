import { useSiteRootData } from '../navigation';
import type { PublicConfig } from '../../../api/domain/ssr';
import { TestModeBanner } from '../../../ui';
import { checkoutTexts } from './texts';

/** Whether the built-in test payment provider is active (the root loader's public settings). */
export function useTestPayments(): boolean {
  const root = useSiteRootData() as { publicConfig?: PublicConfig } | undefined;
  return root?.publicConfig?.testPayments === true;
}

/** The "Test mode" strip of every checkout and order page, while no real money can be taken. */
export function TestModeNotice({ active }: { active?: boolean }) {
  const fromRoot = useTestPayments();
  if (!(active ?? fromRoot)) return null;
  return (
    <TestModeBanner title={checkoutTexts.testMode.title}>
      {checkoutTexts.testMode.text}
    </TestModeBanner>
  );
}
