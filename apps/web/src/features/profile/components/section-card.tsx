import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A settings card: a heading, a line of help and its content; labelled for screen readers. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ borderRadius: 2.5 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {description ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
            {description}
          </Typography>
        ) : null}
        <Stack sx={{ gap: 2, mt: description ? 0 : 2 }}>{children}</Stack>
      </CardContent>
    </Card>
  );
}
