/** What is wrong with a template's tags, under its editor; a click selects the tag in the text. */
import { Alert, Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TemplateTagProblem } from '../../../../shared/domain/personalization.js';

export function TagProblems({ problems, onSelect }: { problems: readonly TemplateTagProblem[]; onSelect(problem: TemplateTagProblem): void }) {
  const { t } = useTranslation('templates');
  if (problems.length === 0) return null;
  return (
    <Alert.Root status="warning" size="sm" data-testid="tag-problems">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('tags.problems', { count: problems.length })}</Alert.Title>
        <Box as="ul" listStyleType="disc" ps="4" fontSize="sm">
          {problems.map((problem) => (
            <Box as="li" key={`${problem.start}-${problem.code}`}>
              <Button variant="plain" size="xs" h="auto" p="0" fontWeight="normal" textAlign="start" whiteSpace="normal" onClick={() => onSelect(problem)}>
                {t(`tags.problem.${problem.code}`, { tag: problem.text })}
              </Button>
            </Box>
          ))}
        </Box>
      </Alert.Content>
    </Alert.Root>
  );
}
