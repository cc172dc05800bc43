import type { Suite } from '../framework.ts';
import { aiomIngestSuite } from './aiom-ingest.ts';
import { chainSuite } from './chain.ts';
import { economicsSuite } from './economics.ts';
import { editorSuite } from '../editor/suite.ts';
import { headlessSuite } from './headless.ts';
import { layoutSuite } from './layout.ts';
import { mismatchSuite } from './mismatch.ts';
import { reportFilesSuite } from './report-files.ts';
import { reportPdfSuite } from './report-pdf.ts';
import { shadeSuite } from './shade.ts';
import { roofSuite } from './roof.ts';
import { skeletonSuite } from './skeleton.ts';
import { solarSuite } from './solar.ts';
import { stringingSuite } from './stringing.ts';
import { weatherSuite } from './weather.ts';
import { workerSuite } from './worker.ts';

/** Every benchmark suite, in the order they run. */
export const suites: Suite[] = [roofSuite, skeletonSuite, layoutSuite, stringingSuite, shadeSuite, workerSuite, solarSuite, weatherSuite, chainSuite, mismatchSuite, headlessSuite, economicsSuite, reportPdfSuite, reportFilesSuite, aiomIngestSuite, editorSuite];
