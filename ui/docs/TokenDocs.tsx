import type { ReactNode } from 'react';
/**
 * Small React components that render the design tokens for the Foundations pages in Storybook.
 * They read ui/theme/tokens.ts directly, so the pages always show the real values.
 */
import styled from 'styled-components';
import {
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  fonts,
  lineHeights,
  motion,
  radii,
  shadows,
  sizes,
  space,
  zIndices,
} from '../theme/tokens';
import { contrastRatio, formatRatio, gradeContrast } from './contrast';

type ColourName = keyof typeof colors;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${fonts.body};
  font-size: ${fontSizes.sm};
  color: ${colors.ink};

  th,
  td {
    padding: ${space[2]} ${space[3]};
    border-bottom: 1px solid ${colors.border};
    text-align: left;
    vertical-align: middle;
  }
  th {
    font-weight: ${fontWeights.bold};
  }
  code {
    font-family: ${fonts.mono};
    font-size: 0.95em;
  }
`;

const Grade = styled.span`
  display: inline-block;
  min-width: 4.5em;
  padding: 0 ${space[1]};
  border: 1px solid currentColor;
  border-radius: ${radii.sm};
  font-weight: ${fontWeights.bold};
  text-align: center;

  &[data-grade='fail'] {
    color: ${colors.danger};
  }
  &[data-grade='AA large'] {
    color: ${colors.warning};
  }
  &[data-grade='AA'],
  &[data-grade='AAA'] {
    color: ${colors.success};
  }
`;

function Contrast({ fg, bg }: { fg: string; bg: string }) {
  const ratio = contrastRatio(fg, bg);
  if (ratio === null) return <span>n/a (translucent)</span>;
  const grade = gradeContrast(ratio);
  return (
    <span>
      {formatRatio(ratio)} <Grade data-grade={grade}>{grade}</Grade>
    </span>
  );
}

const Swatch = styled.span`
  display: inline-block;
  width: 3rem;
  height: 2rem;
  border: 1px solid ${colors.border};
  border-radius: ${radii.sm};
  vertical-align: middle;
`;

/** Every colour token with its value and its contrast on white and on ink. */
export function ColourPalette() {
  return (
    <Table>
      <caption style={{ textAlign: 'left', paddingBottom: space[2] }}>
        Colour tokens (<code>colors</code>) with text contrast against white and against ink
      </caption>
      <thead>
        <tr>
          <th scope="col">Swatch</th>
          <th scope="col">Token</th>
          <th scope="col">Value</th>
          <th scope="col">On {colors.surface}</th>
          <th scope="col">On {colors.ink}</th>
        </tr>
      </thead>
      <tbody>
        {(Object.entries(colors) as [ColourName, string][]).map(([name, value]) => (
          <tr key={name}>
            <td>
              <Swatch style={{ background: value }} aria-hidden="true" />
            </td>
            <td>
              <code>colors.{name}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
            <td>
              <Contrast fg={value} bg={colors.surface} />
            </td>
            <td>
              <Contrast fg={value} bg={colors.ink} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The text/background pairs the components actually use. */
export const colourPairs: { fg: ColourName; bg: ColourName; use: string }[] = [
  { fg: 'onPrimary', bg: 'primary', use: 'Primary button, selected tab' },
  { fg: 'onPrimary', bg: 'primaryHover', use: 'Primary button, hovered' },
  { fg: 'onPrimary', bg: 'primaryActive', use: 'Primary button, pressed' },
  { fg: 'ink', bg: 'surface', use: 'Body text' },
  { fg: 'inkMuted', bg: 'surface', use: 'Muted text, placeholders, help text' },
  { fg: 'inkMuted', bg: 'surfaceAlt', use: 'Disabled controls' },
  { fg: 'link', bg: 'surface', use: 'Links' },
  { fg: 'linkHover', bg: 'surface', use: 'Links, hovered' },
  { fg: 'danger', bg: 'surface', use: 'Field error text' },
  { fg: 'ink', bg: 'dangerSurface', use: 'Danger notice and toast text' },
  { fg: 'ink', bg: 'successSurface', use: 'Success notice and toast text' },
  { fg: 'ink', bg: 'warningSurface', use: 'Warning notice and toast text' },
  { fg: 'onSurfaceDark', bg: 'surfaceDark', use: 'Footer text, inverse links' },
  { fg: 'primary', bg: 'surfaceDark', use: 'Inverse links, hovered' },
];

const PairSample = styled.span`
  display: inline-block;
  padding: ${space[1]} ${space[3]};
  border-radius: ${radii.sm};
  font-size: ${fontSizes.md};
`;

export function ColourPairs() {
  return (
    <Table>
      <caption style={{ textAlign: 'left', paddingBottom: space[2] }}>
        Text on background pairs used by the components (WCAG AA needs 4.5:1)
      </caption>
      <thead>
        <tr>
          <th scope="col">Sample</th>
          <th scope="col">Text</th>
          <th scope="col">Background</th>
          <th scope="col">Used for</th>
          <th scope="col">Contrast</th>
        </tr>
      </thead>
      <tbody>
        {colourPairs.map(({ fg, bg, use }) => (
          <tr key={`${fg}-${bg}`}>
            <td>
              <PairSample style={{ color: colors[fg], background: colors[bg] }}>Aa Fuel</PairSample>
            </td>
            <td>
              <code>{fg}</code>
            </td>
            <td>
              <code>{bg}</code>
            </td>
            <td>{use}</td>
            <td>
              <Contrast fg={colors[fg]} bg={colors[bg]} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const SAMPLE = 'Bagged coal, heating oil & wood pellets';
const BASE_PX = parseFloat(fontSizes.base);

function toPx(value: string): string {
  return value.endsWith('rem') ? `${parseFloat(value) * BASE_PX}px` : value;
}

/** A rem value with its pixel size beside it. */
function withPx(value: string) {
  return (
    <>
      <code>{value}</code> ({toPx(value)})
    </>
  );
}

export function FontFamilies() {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Sample</th>
          <th scope="col">Stack</th>
        </tr>
      </thead>
      <tbody>
        {(Object.entries(fonts) as [keyof typeof fonts, string][]).map(([name, stack]) => (
          <tr key={name}>
            <td>
              <code>fonts.{name}</code>
            </td>
            <td style={{ fontFamily: stack, fontSize: fontSizes.lg }}>{SAMPLE}</td>
            <td>
              <code>{stack}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function TypeScale() {
  return (
    <TokenTable
      tokens={fontSizes}
      name={(key) => `fontSizes.${key}`}
      valueHeading="Size"
      sampleHeading="Sample"
      showValue={withPx}
      sample={(value) => (
        <td style={{ fontSize: value, lineHeight: lineHeights.tight }}>{SAMPLE}</td>
      )}
    />
  );
}

export function FontWeightsAndLineHeights() {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Value</th>
          <th scope="col">Sample</th>
        </tr>
      </thead>
      <tbody>
        {(Object.entries(fontWeights) as [keyof typeof fontWeights, number][]).map(
          ([name, weight]) => (
            <tr key={name}>
              <td>
                <code>fontWeights.{name}</code>
              </td>
              <td>
                <code>{weight}</code>
              </td>
              <td style={{ fontWeight: weight, fontSize: fontSizes.md }}>{SAMPLE}</td>
            </tr>
          ),
        )}
        {(Object.entries(lineHeights) as [keyof typeof lineHeights, number][]).map(
          ([name, height]) => (
            <tr key={name}>
              <td>
                <code>lineHeights.{name}</code>
              </td>
              <td>
                <code>{height}</code>
              </td>
              <td style={{ lineHeight: height, maxWidth: '22rem' }}>
                {SAMPLE}, delivered across Northern Ireland by our own drivers.
              </td>
            </tr>
          ),
        )}
      </tbody>
    </Table>
  );
}

const Bar = styled.span`
  display: inline-block;
  height: 1rem;
  background: ${colors.primary};
  border: 1px solid ${colors.ink};
  vertical-align: middle;
`;

/** A "Token | Value | sample" table over one group of tokens. */
function TokenTable({
  tokens,
  name,
  valueHeading = 'Value',
  sampleHeading,
  showValue = (value) => <code>{value}</code>,
  sample,
}: {
  tokens: Record<string, string>;
  name: (key: string) => string;
  valueHeading?: string;
  sampleHeading: string;
  showValue?: (value: string) => ReactNode;
  sample: (value: string) => ReactNode;
}) {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">{valueHeading}</th>
          <th scope="col">{sampleHeading}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(tokens).map(([key, value]) => (
          <tr key={key}>
            <td>
              <code>{name(key)}</code>
            </td>
            <td>{showValue(value)}</td>
            {sample(value)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function SpaceScale() {
  return (
    <TokenTable
      tokens={space}
      name={(key) => `space[${key}]`}
      sampleHeading="Scale"
      showValue={withPx}
      sample={(value) => (
        <td>
          <Bar style={{ width: value }} aria-hidden="true" />
        </td>
      )}
    />
  );
}

const Tile = styled.span`
  display: inline-block;
  width: 4rem;
  height: 3rem;
  background: ${colors.surfaceAlt};
  border: 2px solid ${colors.borderStrong};
`;

export function RadiiScale() {
  return (
    <TokenTable
      tokens={radii}
      name={(key) => `radii.${key}`}
      sampleHeading="Sample"
      sample={(value) => (
        <td>
          <Tile style={{ borderRadius: value }} aria-hidden="true" />
        </td>
      )}
    />
  );
}

export function ShadowScale() {
  return (
    <TokenTable
      tokens={shadows}
      name={(key) => `shadows.${key}`}
      sampleHeading="Sample"
      sample={(value) => (
        <td style={{ padding: space[4] }}>
          <Tile
            style={{ boxShadow: value, background: colors.surface, borderColor: colors.border }}
            aria-hidden="true"
          />
        </td>
      )}
    />
  );
}

export function MotionTokens() {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Value</th>
          <th scope="col">Used for</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>
            <code>motion.fadeIn</code>
          </td>
          <td>
            <code>{motion.fadeIn}</code>
          </td>
          <td>Page transition in (SPEC: 0.2 s); modals, toasts and the loading overlay</td>
        </tr>
        <tr>
          <td>
            <code>motion.fadeOut</code>
          </td>
          <td>
            <code>{motion.fadeOut}</code>
          </td>
          <td>Page transition out (SPEC: 0.3 s); closing modals and the side panel</td>
        </tr>
        <tr>
          <td>
            <code>motion.fast</code>
          </td>
          <td>
            <code>{motion.fast}</code>
          </td>
          <td>Hover and press colour changes</td>
        </tr>
        <tr>
          <td>
            <code>motion.easing</code>
          </td>
          <td>
            <code>{motion.easing}</code>
          </td>
          <td>All of the above</td>
        </tr>
      </tbody>
    </Table>
  );
}

export function LayersAndSizes() {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(zIndices).map(([name, value]) => (
          <tr key={`z-${name}`}>
            <td>
              <code>zIndices.{name}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
        {Object.entries(sizes).map(([name, value]) => (
          <tr key={`size-${name}`}>
            <td>
              <code>sizes.{name}</code>
            </td>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function BreakpointTable() {
  const largest = Math.max(...Object.values(breakpoints));
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Min width</th>
          <th scope="col">Media query</th>
          <th scope="col">Relative width</th>
        </tr>
      </thead>
      <tbody>
        {(Object.entries(breakpoints) as [keyof typeof breakpoints, number][]).map(([name, px]) => (
          <tr key={name}>
            <td>
              <code>breakpoints.{name}</code>
            </td>
            <td>
              <code>{px}px</code>
            </td>
            <td>
              <code>theme.media.{name}</code> = <code>@media (min-width: {px}px)</code>
            </td>
            <td style={{ width: '40%' }}>
              <Bar style={{ width: `${(px / largest) * 100}%` }} aria-hidden="true" />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
