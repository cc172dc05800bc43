// "Create a plant from a design": pick one of the user's designed projects (LITE / LITE-RE, searched by
// name), optionally name the plant, and the server makes the O&M plant bound to it (aiom/plant/create).
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiomPlant } from '../../../model/api/aiom-devices.ts';
import type { ProjectSummary } from '../../../model/api/projects.ts';
import { createPlant } from '../../api/aiom-devices.ts';
import { listProjects } from '../../api/projects.ts';
import { useBusy } from '../../hooks/useBusy.ts';

export function CreatePlantModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (p: AiomPlant) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [designs, setDesigns] = useState<ProjectSummary[]>([]);
  const [designId, setDesignId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [busy, run] = useBusy();

  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      listProjects({ page: 1, size: 50, reOrAiom: 'LITE', name: search.trim() || undefined })
        .then((r) => live && setDesigns(r.list))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, search]);

  const submit = async () => {
    if (designId === null) return;
    await run(async () => {
      const plant = await createPlant(designId, name.trim() || undefined);
      setDesignId(null);
      setName('');
      onCreated(plant);
    });
  };

  return (
    <Modal
      open={open}
      title={t('aiom.list.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('aiom.list.createOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: designId === null, loading: busy, ...({ 'data-testid': 'create-plant-ok' } as object) }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('aiom.list.design')} required>
          <Select
            data-testid="create-plant-design"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={designId ?? undefined}
            onChange={(v: number) => setDesignId(v)}
            placeholder={t('aiom.list.designPlaceholder')}
            options={designs.map((d) => ({ value: d.projectId, label: `${d.name}${d.capacity ? ` · ${d.capacity.toFixed(1)} kWp` : ''}` }))}
            notFoundContent={t('common.noData')}
          />
        </Form.Item>
        <Form.Item label={t('aiom.list.plantName')} extra={t('aiom.list.plantNameHint')}>
          <Input data-testid="create-plant-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
