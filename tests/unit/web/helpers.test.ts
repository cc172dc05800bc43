// The pure helpers behind the pages: number and name display (spec 000 §5 thousand separators;
// 001 §2 names over 20 characters), the comparison limits, the code countdown, the drone service
// state, the offline address search and the map's projection, sign-in routing, the wizard's facts.
import { describe, expect, it } from 'vitest';
import { compareProblem, parseCompareIds } from '../../../src/web/hooks/compare.ts';
import { secondsLeft } from '../../../src/web/hooks/useCountdown.ts';
import { droneServiceActive } from '../../../src/web/hooks/useQuota.ts';
import { absoluteUrl } from '../../../src/web/hooks/useShare.ts';
import { nextAfterSignIn } from '../../../src/web/hooks/useSignedIn.ts';
import { defaultSurvey, newProjectUrl } from '../../../src/web/hooks/useNewProject.ts';
import { maxOffset } from '../../../src/web/hooks/useSliderPuzzle.ts';
import { factsOf } from '../../../src/web/hooks/useWizardRoute.ts';
import { sidebarCollapsed } from '../../../src/web/app/theme.ts';
import { formatDate, needsPopover, shortName, thousands } from '../../../src/web/format.ts';
import { makePlace, normalise, placeLabel, searchPlaces } from '../../../src/web/geo/gazetteer.ts';
import type { ProjectOverview } from '../../../src/model/api/projects.ts';

describe('display formats', () => {
  it('groups thousands and trims trailing zeros', () => {
    expect(thousands(1234567.891)).toBe('1,234,567.89');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(-9876543.2, 1)).toBe('-9,876,543.2');
    expect(thousands(999)).toBe('999');
    expect(thousands(null)).toBe('—');
    expect(thousands(Number.NaN)).toBe('—');
  });

  it('shows names over 20 characters shortened (the whole name goes to the popover)', () => {
    expect(needsPopover('12345678901234567890')).toBe(false);
    expect(needsPopover('123456789012345678901')).toBe(true);
    expect(shortName('Pudong logistics centre rooftop plant')).toBe('Pudong logistics cen…');
    // characters, not UTF-16 units: 21 Chinese characters need the popover
    expect(needsPopover('上海浦东新区物流中心屋顶分布式光伏电站项目')).toBe(true);
    expect(shortName('上海浦东新区物流中心屋顶分布式光伏电站项目')).toBe('上海浦东新区物流中心屋顶分布式光伏电站项…');
  });

  it('formats dates and survives bad input', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatDate(new Date(2025, 2, 1, 12).toISOString())).toBe('2025-03-01');
  });

  it('collapses sidebars at a window width of 1000 px or less', () => {
    expect(sidebarCollapsed(1000)).toBe(true);
    expect(sidebarCollapsed(1001)).toBe(false);
  });
});

describe('comparison (2 to 3 projects)', () => {
  it('asks for at least 2 and at most 3', () => {
    expect(compareProblem(0)).toBe('home.compare.atLeast');
    expect(compareProblem(1)).toBe('home.compare.atLeast');
    expect(compareProblem(2)).toBeNull();
    expect(compareProblem(3)).toBeNull();
    expect(compareProblem(4)).toBe('home.compare.atMost');
  });

  it('reads ids from the url without repeats or junk', () => {
    expect(parseCompareIds('3,5, 8,5,x,-1,0')).toEqual([3, 5, 8]);
    expect(parseCompareIds(null)).toEqual([]);
  });
});

describe('codes, credits, links, sign-in', () => {
  it('counts the code button down in whole seconds', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 61_000)).toBe(0);
  });

  it('has the drone service active only with project quota and photo credit left (spec 001 §4)', () => {
    expect(droneServiceActive({ projectLimit: 2, surplusCapacity: 100 })).toBe(true);
    expect(droneServiceActive({ projectLimit: 0, surplusCapacity: 100 })).toBe(false);
    expect(droneServiceActive({ projectLimit: 2, surplusCapacity: 0 })).toBe(false);
  });

  it('keeps absolute share links and completes relative ones', () => {
    expect(absoluteUrl('https://pv.example/home/shareProject?shareKey=ab', 'http://localhost')).toBe('https://pv.example/home/shareProject?shareKey=ab');
    expect(absoluteUrl('/shareReport?shareKey=ab', 'http://localhost:8080')).toBe('http://localhost:8080/shareReport?shareKey=ab');
  });

  it('routes a sign-in: forced password change stays, a new account completes its information, others return', () => {
    expect(nextAfterSignIn({ mustChangePassword: true, registered: false }, '')).toBeNull();
    expect(nextAfterSignIn({ mustChangePassword: false, registered: true }, '?redirect=%2Fuser%2Finfo')).toBe('/completeInfo?next=%2Fuser%2Finfo');
    expect(nextAfterSignIn({ mustChangePassword: false, registered: false }, '')).toBe('/home/list');
  });

  it("starts a new project's Information step with the dialog's choices; satellite when none is stored", () => {
    expect(newProjectUrl({ plantType: 'RESIDENTIAL', surveyType: 'DRONE', gridMode: 'LOW' })).toBe('/setting/basic?powerStationType=RESIDENTIAL&surveyType=DRONE&gridMode=LOW');
    expect(defaultSurvey(null)).toBe('SATELLITE');
    expect(defaultSurvey('DRONE')).toBe('DRONE');
  });

  it('lets the slider piece travel the picture width minus the piece', () => {
    expect(maxOffset({ width: 320, pieceSize: 44 })).toBe(276);
  });
});

describe('wizard facts from a project overview', () => {
  const overview = (steps: Record<string, number>, basicInfo: ProjectOverview['project']['basicInfo'] = {}) =>
    ({
      project: { projectId: 5, reOrAiom: 'LITE-RE', basicInfo },
      steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, { version: v, updatedAt: '' }])),
    }) as unknown as ProjectOverview;

  it('reads the saved step documents and basicInfo', () => {
    expect(factsOf(overview({ 'lite-re': 3, 'component-layout': 1 }, { powerStatOperationMode: 2, powerLoadConfigType: 'mall' }))).toEqual({
      projectId: '5',
      reOrAiom: 'LITE-RE',
      operationMode: 2,
      powerLoadConfigType: 'mall',
      hasBuildings: true,
      hasComponents: true,
      hasInverterConfig: false,
    });
    expect(factsOf(overview({ 'power-load': 1, 'inverter-config': 2 })).powerLoadConfigType).toBe('configured');
    expect(factsOf(overview({ 'lite-re': 0 })).hasBuildings).toBe(false);
    // arranged components live in the component layout or in the PV arrays
    expect(factsOf(overview({ arrays: 1 })).hasComponents).toBe(true);
  });
});

describe('offline address search', () => {
  const places = [
    makePlace('Springfield', 'Illinois', 'United States', 'US', 39.8, -89.64),
    makePlace('Springfield', 'Missouri', 'United States', 'US', 37.21, -93.29),
    makePlace('West Springfield', 'Massachusetts', 'United States', 'US', 42.1, -72.62),
    makePlace('São Paulo', 'São Paulo', 'Brazil', 'BR', -23.55, -46.63),
  ];

  it('ranks exact names, then prefixes, then words; a comma narrows by state or country; the text is trimmed', () => {
    expect(searchPlaces(places, '  springfield ').map((p) => p.state)).toEqual(['Illinois', 'Missouri', 'Massachusetts']);
    expect(searchPlaces(places, 'Springfield, missouri').map((p) => p.state)).toEqual(['Missouri']);
    expect(searchPlaces(places, 'sao paulo')[0].country).toBe('Brazil');
    expect(searchPlaces(places, '   ')).toEqual([]);
    expect(normalise('  São   Paulo ')).toBe('sao paulo');
    expect(placeLabel(places[3])).toBe('São Paulo, Brazil');
  });
});

