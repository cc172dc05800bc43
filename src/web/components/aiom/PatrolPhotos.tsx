// The photos of a patrol task as thumbnails (downloaded with the session's headers into blob: URLs,
// revoked when they go) and an upload button for images.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolTask } from '../../../model/api/aiom-operations.ts';
import { downloadPatrolPhoto } from '../../api/aiom-operations.ts';

export function PatrolPhotos({ task, onUpload }: { task: PatrolTask; onUpload: (file: File) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const made: string[] = [];
    for (const p of task.photos) {
      downloadPatrolPhoto(task.id, p.id)
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          made.push(url);
          if (live) setUrls((u) => ({ ...u, [p.id]: url }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [task.id, task.photos]);

  return (
    <Space wrap data-testid="patrol-photos">
      {task.photos.map((p) => (urls[p.id] ? <Image key={p.id} src={urls[p.id]} width={72} height={72} style={{ objectFit: 'cover' }} alt={p.name} /> : null))}
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          setBusy(true);
          void onUpload(file)
            .catch(() => undefined)
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={busy} data-testid="patrol-photo-upload">
          {t('aiom.patrol.addPhoto')}
        </Button>
      </Upload>
    </Space>
  );
}
