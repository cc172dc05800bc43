// A project name: longer than 20 characters → shortened, the whole name in a hover popover
// (spec 001 §2, §9).
import { Popover } from 'antd';
import { needsPopover, shortName } from '../../format.ts';

export function ProjectName({ name }: { name: string }) {
  if (!needsPopover(name)) return <span data-testid="project-name">{name}</span>;
  return (
    <Popover content={<div style={{ maxWidth: 360, wordBreak: 'break-all' }}>{name}</div>}>
      <span data-testid="project-name" data-full-name={name}>
        {shortName(name)}
      </span>
    </Popover>
  );
}
