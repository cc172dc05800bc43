// Step 2, Building (spec 000 §2 settingMode / setting3DMode): trace the buildings, their roof lines,
// heights and obstacles on the map (or the drone orthophoto), or pick an automatic roof; the engine
// rebuilds the faces live, in 2D and 3D. Leaving raises the wizard's leave flag (saved first).
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { savedBuildingCount } from '../../../model/design.ts';
import { BuildingPanel } from '../../components/editor/BuildingPanel.tsx';
import { DesignWorkspace } from '../../components/editor/DesignWorkspace.tsx';
import { OrthophotoCard } from '../../components/editor/OrthophotoCard.tsx';
import { DroneUploadCard } from '../../components/drone/DroneUploadCard.tsx';
import { OBSTACLE_TOOLS, type ToolName } from '../../editor/tools/registry.ts';
import { useWizard } from '../../hooks/wizard-context.ts';

const TOOLS: readonly ToolName[] = ['outline', 'roofLine', 'pointHeight', ...OBSTACLE_TOOLS, 'select'];

export function BuildingStep() {
  const { t } = useTranslation();
  const w = useWizard();
  return (
    <DesignWorkspace
      step="building"
      title={t('setting.step.building')}
      tools={TOOLS}
      previous="information"
      next="components"
      panel={({ session, snapshot, setHighlight }) => (
        <Flex vertical gap={8}>
          <BuildingPanel editor={session.editor} snapshot={snapshot} onHoverFace={setHighlight} />
          {w.project && <OrthophotoCard editor={session.editor} snapshot={snapshot} projectId={w.project.projectId} />}
          {w.project?.surveyType === 'DRONE' && <DroneUploadCard projectId={w.project.projectId} />}
        </Flex>
      )}
      beforeNext={({ snapshot }) => (savedBuildingCount(snapshot.committed.building) === 0 ? 'editor.building.needBuilding' : null)}
      onSaved={({ session }) => w.actor.send({ type: 'buildings.changed', count: savedBuildingCount(session.store.get('building')) })}
    />
  );
}
