import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { FieldTitle, maxLength, required, useInput, useTranslate } from 'react-admin';
import { useAccessChecked } from '../providers/useAccessChecked';
import { useDebouncedValue } from '../common/useDebouncedValue';
import { fetchVehicleMakes } from './api';

/** SPEC.md §9: the makes list is kept for a day. */
const MAKES_STALE_MS = 24 * 60 * 60 * 1000;

/**
 * The make, picked from the public vehicle database through GET /api/vehicle-makes?q= (the first
 * 100 names containing what is typed). A make missing from that list can still be typed: the
 * helper line then says 'No makes found'; a failed call says 'Failed to load makes'.
 */
export const MakeInput = ({ readOnly = false }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  const accessChecked = useAccessChecked();
  const { field, fieldState, isRequired, id } = useInput({ source: 'make', resource: 'vehicles', validate: [required(), maxLength(100)] });
  const [open, setOpen] = useState(false);
  // What the makes are searched with: the text in the box, whatever changed it.
  const [query, setQuery] = useState<string>(() => field.value ?? '');
  const settled = useDebouncedValue(query.trim(), 250);
  const { data: makes, isFetching, error } = useQuery({
    queryKey: ['vehicle-makes', settled],
    queryFn: () => accessChecked(() => fetchVehicleMakes(settled)),
    enabled: open && !readOnly,
    staleTime: MAKES_STALE_MS,
  });
  const options = (makes ?? []).map((make) => make.name);
  const searched = open && !isFetching && !error && makes !== undefined;

  const helper = fieldState.error?.message
    ? translate(fieldState.error.message, { _: fieldState.error.message })
    : error
      ? translate('msg.makesLoadFailed')
      : searched && options.length === 0
        ? translate('msg.noMakes')
        : ' ';

  return (
    <Autocomplete
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(all) => all /* the API has filtered them */}
      loading={isFetching}
      loadingText={translate('vehicles.makeSearching')}
      value={field.value ?? ''}
      inputValue={field.value ?? ''}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onInputChange={(_event, value, reason) => {
        setQuery(value);
        if (reason === 'reset' && value === (field.value ?? '')) return;
        field.onChange(value);
      }}
      readOnly={readOnly}
      id={id}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          onBlur={field.onBlur}
          inputRef={field.ref}
          variant="filled"
          size="small"
          margin="dense"
          label={<FieldTitle label="resources.vehicles.fields.make" source="make" resource="vehicles" isRequired={isRequired} />}
          error={!!fieldState.error || !!error}
          helperText={helper}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'make-input' } }}
        />
      )}
    />
  );
};
