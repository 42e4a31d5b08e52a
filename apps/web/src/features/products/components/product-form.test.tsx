import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { emptyProductForm, type ProductFormInput } from '../lib/product-form-schema';
import { ProductForm } from './product-form';

const mutateAsync = vi.fn();
vi.mock('../api/upload-image', () => ({
  useUploadImage: () => ({ mutateAsync }),
}));

const empty: ProductFormInput = { ...emptyProductForm(), date: '' };

function renderForm(onSave = vi.fn().mockResolvedValue(true), { defaultValues = empty, isFloorKnown }: { defaultValues?: ProductFormInput; isFloorKnown?: boolean } = {}) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ProductForm defaultValues={defaultValues} submitLabel="Add Product" onSave={onSave} uploader={{ name: 'Ann', email: 'ann@example.com' }} isFloorKnown={isFloorKnown} />
    </QueryClientProvider>,
  );
  return { onSave, user: userEvent.setup() };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type: 'image/png' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  for (const n of [1, 2, 3, 4]) await user.upload(screen.getByLabelText(new RegExp(`^Image ${n}`), { selector: 'input' }), png(`photo-${n}.png`));
  // Paste rather than type: the form's behaviour is under test, not the keyboard.
  const paste = async (label: RegExp, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await paste(/Product Name/, 'Oak chair');
  await user.selectOptions(screen.getByLabelText(/Category/), 'homeAndLiving');
  await paste(/Price/, '120.50');
  await paste(/Age/, '24');
  await user.type(screen.getByLabelText(/Date/), '2026-01-15');
  await paste(/Phone Number/, '+1 555 0100');
  await paste(/Location/, 'Leeds');
  await paste(/Short Description/, 'A sturdy oak chair');
  await paste(/Long Description/, 'Solid oak, some wear on the legs.');
}

beforeEach(() => {
  mutateAsync.mockReset();
});

describe('ProductForm', { timeout: 20_000 }, () => {
  it('shows the required message next to every field', async () => {
    const { user, onSave } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const expected = [
      'This Image 1 field is required',
      'This Image 2 field is required',
      'This Image 3 field is required',
      'This Image 4 field is required',
      'This Name field is required',
      'This Category field is required',
      'This Price field is required',
      'This Age field is required',
      'This Date field is required',
      'This Phone Number field is required',
      'This Location field is required',
      'This Short Description field is required',
      'This Long Description field is required',
    ];
    for (const message of expected) expect(await screen.findByText(message)).toBeInTheDocument();
    // Each message is tied to its field for screen readers.
    const name = screen.getByLabelText(/Product Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This Name field is required');
    expect(onSave).not.toHaveBeenCalled();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field in page order: the first photo, then the name once the photos are in', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByLabelText(/^Image 1/, { selector: 'input' })).toHaveFocus());
    for (const n of [1, 2, 3, 4]) await user.upload(screen.getByLabelText(new RegExp(`^Image ${n}`), { selector: 'input' }), png(`photo-${n}.png`));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByLabelText(/Product Name/)).toHaveFocus());
  });

  it('shows the chosen photo and a short name instead of the browser\'s cut file label', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText(/^Image 1/, { selector: 'input' });
    expect(screen.getAllByText('No photo yet')).toHaveLength(4);
    await user.upload(input, png('IMG_20240501_083512_radio-front-view.png'));
    expect(screen.getByRole('img', { name: 'Image 1 preview' })).toBeInTheDocument();
    expect(screen.getByText('IMG_202…t-view.png')).toHaveAttribute('title', 'IMG_20240501_083512_radio-front-view.png');
    expect(screen.getAllByText('No photo yet')).toHaveLength(3);
  });

  it('shows category labels while the values stay the keys', () => {
    renderForm();
    expect(screen.getByRole('option', { name: 'Home and Living' })).toHaveValue('homeAndLiving');
    expect(screen.getByRole('option', { name: "Men's Fashion & Grooming" })).toHaveValue('mensFashion');
  });

  it('says which photos it takes', () => {
    renderForm();
    expect(
      screen.getByText('Four photos are required: JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each. The first one is the cover.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Image 1/, { selector: 'input' })).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif,image/gif');
  });

  it('counts words live against the hints', async () => {
    const { user } = renderForm();
    expect(screen.getByText('0 / 20 words')).toBeInTheDocument();
    expect(screen.getByText('0 / 180 words')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Short Description/), 'three  small words');
    expect(screen.getByText('3 / 20 words')).toBeInTheDocument();
  });

  it('uploads the four photos, then saves their URLs', async () => {
    mutateAsync.mockImplementation(async ({ file }: { file: File }) => ({
      success: true,
      data: { display_url: `/api/images/${file.name}` },
    }));
    const { user, onSave } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(mutateAsync).toHaveBeenCalledTimes(4);
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      name: 'Oak chair',
      category: 'homeAndLiving',
      price: 120.5,
      age: 24,
      date: '2026-01-15',
      image1: '/api/images/photo-1.png',
      image4: '/api/images/photo-4.png',
    });
  });

  it('saves nothing when a photo fails and says which one and why', async () => {
    mutateAsync.mockImplementation(async ({ file }: { file: File }) => {
      if (file.name === 'photo-3.png') throw new ApiError(415, 'Unsupported image type: send JPEG, PNG, WebP, AVIF or GIF');
      return { success: true, data: { display_url: `/api/images/${file.name}` } };
    });
    const { user, onSave } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was saved: one photo could not be uploaded.');
    expect(within(alert).getByText(/Image 3 \(photo-3\.png\): Unsupported image type/)).toBeInTheDocument();
    expect(screen.getByText(/Image 3 \(photo-3\.png\) was not uploaded/)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // A retry sends only the photo that failed.
    mutateAsync.mockClear();
    mutateAsync.mockImplementation(async ({ file }: { file: File }) => ({ success: true, data: { display_url: `/api/images/${file.name}` } }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(mutateAsync).toHaveBeenCalledTimes(1);
  });

  it('rejects a file that is not an image', async () => {
    renderForm();
    const input = screen.getByLabelText(/^Image 2/, { selector: 'input' });
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Image 2 must be a JPEG, PNG, WebP, AVIF or GIF image')).toBeInTheDocument();
  });

  describe('offers', () => {
    const uploadsWork = () =>
      mutateAsync.mockImplementation(async ({ file }: { file: File }) => ({ success: true, data: { display_url: `/api/images/${file.name}` } }));

    it('takes offers by default and sends the lowest offer typed', async () => {
      uploadsWork();
      const { user, onSave } = renderForm();
      const toggle = screen.getByRole('switch', { name: 'Accept offers' });
      expect(toggle).toBeChecked();
      expect(toggle).toHaveAccessibleDescription('Buyers may offer less than the price; you accept, decline or counter each offer.');
      await fillValidForm(user);
      const floor = screen.getByLabelText('Lowest offer you accept ($)');
      expect(floor).toHaveAttribute('placeholder', 'Half the price');
      await user.type(floor, '60');
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave.mock.calls[0]![0]).toMatchObject({ acceptOffers: true, offerFloor: 60 });
    });

    it('leaves the floor out of a new listing when it is empty (the server takes half the price)', async () => {
      uploadsWork();
      const { user, onSave } = renderForm();
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave.mock.calls[0]![0]).toMatchObject({ acceptOffers: true });
      expect(onSave.mock.calls[0]![0]).not.toHaveProperty('offerFloor');
    });

    it('hides the floor while offers are off and sends acceptOffers false without it', async () => {
      uploadsWork();
      const { user, onSave } = renderForm();
      await fillValidForm(user);
      // An amount that would not pass does not matter once offers are off.
      await user.type(screen.getByLabelText('Lowest offer you accept ($)'), 'abc');
      await user.click(screen.getByRole('switch', { name: 'Accept offers' }));
      expect(screen.queryByLabelText('Lowest offer you accept ($)')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave.mock.calls[0]![0]).toMatchObject({ acceptOffers: false });
      expect(onSave.mock.calls[0]![0]).not.toHaveProperty('offerFloor');
    });

    it('refuses a floor that is not an amount or is above the price, beside the field', async () => {
      uploadsWork();
      const { user, onSave } = renderForm();
      await fillValidForm(user);
      const floor = screen.getByLabelText('Lowest offer you accept ($)');
      await user.type(floor, '12,5');
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      expect(await screen.findByText('Offer floor must be a positive amount like 60 or 60.50')).toBeInTheDocument();
      await user.clear(floor);
      await user.type(floor, '130');
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      expect(await screen.findByText('The lowest offer must not be above the price')).toBeInTheDocument();
      expect(floor).toHaveAttribute('aria-invalid', 'true');
      expect(onSave).not.toHaveBeenCalled();
    });

    it('on an update, sends an emptied floor as null (back to half the price)', async () => {
      uploadsWork();
      const known = renderForm(vi.fn().mockResolvedValue(false), { defaultValues: { ...empty, offerFloor: '70.00' }, isFloorKnown: true });
      await fillValidForm(known.user);
      const floor = screen.getByLabelText('Lowest offer you accept ($)');
      expect(floor).toHaveValue('70.00');
      await known.user.clear(floor);
      await known.user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(known.onSave).toHaveBeenCalledOnce());
      expect(known.onSave.mock.calls[0]![0]).toMatchObject({ acceptOffers: true, offerFloor: null });
    });

    it("leaves the floor out of an update whose read did not tell it (an admin's edit)", async () => {
      uploadsWork();
      const { user, onSave } = renderForm(vi.fn().mockResolvedValue(false), { isFloorKnown: false });
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave.mock.calls[0]![0]).not.toHaveProperty('offerFloor');
    });
  });
});
