import {
  createTheme,
  type AnchorFactory,
  type BadgeFactory,
  type ButtonFactory,
  type CheckboxFactory,
  type ExtendComponent,
  type PaginationFactory,
  type RadioFactory,
  type ScrollAreaFactory,
  type SwitchFactory,
  type TableScrollContainer,
} from '@mantine/core';
import { i18n } from '../lib/i18n/i18n';
import { colors } from './palette';
import classes from './theme.module.css';

// Thai beside a radio, checkbox or switch has room for its marks (theme.module.css).
const inlineText = { label: classes.inlineText, description: classes.inlineText };

const FONT = 'Sarabun, "Noto Sans Thai", "Leelawadee UI", Tahoma, system-ui, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors,
  // The keyboard's focus shows as a ring on every control (Mantine draws it for :focus-visible).
  focusRing: 'auto',
  fontFamily: FONT,
  defaultRadius: 'md',
  // Sarabun's Thai marks need more room than Latin text (Mantine's default is 1.55).
  lineHeights: { xs: '1.5', sm: '1.55', md: '1.65', lg: '1.65', xl: '1.7' },
  headings: {
    fontFamily: FONT,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.45' },
      h2: { fontSize: '1.5rem', lineHeight: '1.45' },
      h3: { fontSize: '1.25rem', lineHeight: '1.5' },
      h4: { fontSize: '1.125rem', lineHeight: '1.5' },
    },
  },
  // Plain objects checked against the type `X.extend()` gives: calling `X.extend` would import
  // every one of these components into the first script (ScrollArea with floating-ui), which the
  // sign-in page does not show (issue 24, decision 015).
  components: {
    Button: {
      classNames: { root: classes.buttonRoot, label: classes.buttonLabel },
    } satisfies ExtendComponent<ButtonFactory>,
    Badge: {
      classNames: { root: classes.badgeRoot, label: classes.badgeLabel },
    } satisfies ExtendComponent<BadgeFactory>,
    Radio: { classNames: inlineText } satisfies ExtendComponent<RadioFactory>,
    Checkbox: { classNames: inlineText } satisfies ExtendComponent<CheckboxFactory>,
    Switch: { classNames: inlineText } satisfies ExtendComponent<SwitchFactory>,
    // A link inside text is told apart by more than its colour (WCAG 1.4.1); a link that is not
    // inside text (navigation, cards) says underline="never" itself.
    Anchor: { defaultProps: { underline: 'always' } } satisfies ExtendComponent<AnchorFactory>,
    // A region that scrolls (wide tables on a phone) can be scrolled from the keyboard.
    ScrollArea: {
      defaultProps: { viewportProps: { tabIndex: 0 } },
    } satisfies ExtendComponent<ScrollAreaFactory>,
    // A wide table scrolls natively (one keyboard stop, the phone's own swipe) with a focus ring.
    TableScrollContainer: {
      defaultProps: { type: 'native', tabIndex: 0 },
      classNames: { scrollContainer: classes.scrollRegion },
    } satisfies Parameters<(typeof TableScrollContainer)['extend']>[0],
    // The arrows of every pagination (the shop's, mantine-datatable's) are named for screen
    // readers, in the language on screen when they render.
    Pagination: {
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': i18n.t(`common:pagination.${control}`) }),
      },
    } satisfies ExtendComponent<PaginationFactory>,
  },
});
