/**
 * The design system: Chakra's base config and tokens, our brand palette, and only the recipes the
 * app uses (importing defaultSystem would bundle every recipe of the library).
 */
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** The brand violet, from light tint to deep shade. */
const brand = {
  50: { value: '#f3f0ff' },
  100: { value: '#e7e1ff' },
  200: { value: '#d1c6ff' },
  300: { value: '#b09dfc' },
  400: { value: '#8f70f5' },
  500: { value: '#7352ea' },
  600: { value: '#5b3fd6' },
  700: { value: '#4c32b4' },
  800: { value: '#3e2b91' },
  900: { value: '#332673' },
  950: { value: '#1f1548' },
};

const brandSemantic = {
  contrast: { value: 'white' },
  fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
  subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
  muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
  emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
  solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
  focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
  border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.subtle' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: { ...tokens.colors, brand } },
    semanticTokens: {
      ...semanticTokens,
      colors: { ...semanticTokens.colors, brand: brandSemantic },
      radii: { ...semanticTokens.radii, l1: { value: '{radii.sm}' }, l2: { value: '{radii.md}' }, l3: { value: '{radii.lg}' } },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig));
