import { useId } from 'react';
import type { BlogBlockOf, BlogListItem } from '@paycadence/contracts';

// Lists (docs/product/accounts.md §3): items are plain strings, or a title with a description.

function ListItemContent({ item }: { item: BlogListItem }) {
  if (typeof item === 'string') return <>{item}</>;
  return (
    <>
      <strong className="blog-list__title">{item.title}</strong>
      {item.description && <span className="blog-list__description">{item.description}</span>}
    </>
  );
}

function ListItems({ items }: { items: BlogListItem[] }) {
  return items.map((item, index) => (
    <li key={index} className="blog-list__item">
      <ListItemContent item={item} />
    </li>
  ));
}

export function NumberedListBlock({ block }: { block: BlogBlockOf<'numbered_list'> }) {
  return (
    <ol className="blog-block blog-list blog-list--numbered">
      <ListItems items={block.items} />
    </ol>
  );
}

export function BulletListBlock({ block }: { block: BlogBlockOf<'bullet_list'> }) {
  return (
    <ul className="blog-block blog-list blog-list--bullet">
      <ListItems items={block.items} />
    </ul>
  );
}

/** A titled box of points: a card with a checked list. */
export function FeatureBoxBlock({ block }: { block: BlogBlockOf<'feature_box'> }) {
  const titleId = useId();
  return (
    <section className="blog-block blog-feature-box" aria-labelledby={titleId}>
      <h3 id={titleId} className="blog-feature-box__title">{block.title}</h3>
      <ul className="blog-list blog-list--check">
        <ListItems items={block.items} />
      </ul>
    </section>
  );
}
