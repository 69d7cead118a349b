/**
 * The cart feature's test support: doubles for tests and stories (`*.test.ts(x)`,
 * `*.stories.tsx`, `*StoryKit.tsx`, `storyFixtures.tsx`). Production code never imports this
 * module; it uses the feature's public `index.ts`.
 */
export {
  createFakeCartApi,
  fakeProducts,
  fakeZones,
  type FakeCartApi,
  type FakeCartState,
  type FakeProduct,
} from './fakeCartApi';
