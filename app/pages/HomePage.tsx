import { useRouteLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { formatPence } from '../../api/domain/money';
import { site } from '../../api/domain/site';
import { theme } from '../../ui/theme';
import { emptyCatalogue, fromPrice, type Product } from '../features/catalogue';
import type { RootData } from '../routes';

const Hero = styled.section`
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
`;

const Section = styled.section`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
`;

const Card = styled.li`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space[4]};
  background: ${theme.colors.surface};
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: contain;
  }
  h3 {
    font-size: ${theme.fontSizes.md};
    margin: ${theme.space[3]} 0 ${theme.space[1]};
  }
`;

const FromPrice = styled.p`
  font-weight: ${theme.fontWeights.bold};
  margin: 0;
`;

function ProductTile({ product }: { product: Product }) {
  const price = fromPrice(product);
  const image = product.images[0];
  return (
    <Card>
      {image ? <img src={image.url} alt="" width={240} height={180} loading="lazy" /> : null}
      <h3>{product.title}</h3>
      {price !== null ? <FromPrice>from {formatPence(price)}</FromPrice> : null}
    </Card>
  );
}

export default function HomePage() {
  const catalogue =
    (useRouteLoaderData('root') as RootData | undefined)?.catalogue ?? emptyCatalogue;
  const groups: { title: string; products: Product[] }[] = [
    {
      title: 'Best-selling coal',
      products: catalogue.coal.find((c) => c.slug === 'best-sellers')?.coals ?? [],
    },
    { title: 'Home heating oil', products: catalogue.oil },
    { title: 'Wood pellets', products: catalogue.woodpellet },
    { title: 'Briquettes, kindling & logs', products: catalogue.other },
  ];
  return (
    <>
      <Hero>
        <h1>Fuel delivered across Northern Ireland</h1>
        <p>{site.tagline}.</p>
      </Hero>
      {groups
        .filter((group) => group.products.length > 0)
        .map((group) => (
          <Section key={group.title} aria-label={group.title}>
            <h2>{group.title}</h2>
            <Grid>
              {group.products.map((product) => (
                <ProductTile key={product.id} product={product} />
              ))}
            </Grid>
          </Section>
        ))}
    </>
  );
}
