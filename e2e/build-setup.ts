import { buildProduction } from './serverProcess';

/** The scale-out lane starts the production build: build it first (unless E2E_SKIP_BUILD=1). */
export default function setup(): void {
  buildProduction();
}
