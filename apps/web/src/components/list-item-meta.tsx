import type { ReactNode } from 'react';

/**
 * antd's `List.Item.Meta` with a heading level that fits where the list sits. antd always renders the title
 * as an `h4`; under a card's or a drawer's `h2` that skips a level (axe `heading-order`, WCAG 1.3.1: a screen
 * reader's heading list jumps). Same class names, so antd's list styles apply unchanged.
 */
export function ListItemMeta({
  title,
  description,
  level = 3,
}: {
  title: ReactNode;
  description?: ReactNode;
  level?: 2 | 3 | 4;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <Heading className="ant-list-item-meta-title">{title}</Heading>
        {description ? <div className="ant-list-item-meta-description">{description}</div> : null}
      </div>
    </div>
  );
}
