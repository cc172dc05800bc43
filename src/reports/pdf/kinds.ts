// Which sections each document holds after its cover, in order (issue 17 §2): the full design report, the short
// customer evaluation, the feasibility study and the advanced economic report. Shared by the PDF and the Word writer.
import type { ReportKind } from '../../model/report.ts';
import { balanceSection } from './sections/balance.ts';
import { co2Section } from './sections/co2.ts';
import { designBasisSection } from './sections/design-basis.ts';
import { economicsSection } from './sections/economics.ts';
import { electricalSection } from './sections/electrical.ts';
import { investmentSection } from './sections/investment.ts';
import { layoutSection } from './sections/layout.ts';
import { loanSection } from './sections/loan.ts';
import { lossesSection } from './sections/losses.ts';
import { overviewSection } from './sections/overview.ts';
import { conclusionSection, riskSection } from './sections/risk.ts';
import { shadingSection } from './sections/shading.ts';
import { siteSection } from './sections/site.ts';
import { stringsSection } from './sections/strings.ts';
import { systemSection } from './sections/system.ts';
import { yieldSection } from './sections/yield.ts';

import type { SectionContext } from './sections/section-context.ts';

type Section = (c: SectionContext) => void;

export const REPORT_SECTIONS: Record<ReportKind, Section[]> = {
  design: [siteSection, systemSection, layoutSection, shadingSection, stringsSection, yieldSection, lossesSection, electricalSection, (c) => economicsSection(c, { table: true }), balanceSection, co2Section],
  evaluation: [siteSection, (c) => systemSection(c, { detail: false }), (c) => yieldSection(c, { table: false }), (c) => economicsSection(c, { table: false }), co2Section],
  feasibility: [
    overviewSection,
    designBasisSection,
    siteSection,
    systemSection,
    layoutSection,
    yieldSection,
    lossesSection,
    investmentSection,
    (c) => economicsSection(c, { table: true, title: c.l.section.financial }),
    balanceSection,
    co2Section,
    riskSection,
    conclusionSection,
  ],
  economic: [overviewSection, investmentSection, (c) => economicsSection(c, { table: true }), loanSection, co2Section, conclusionSection],
};
