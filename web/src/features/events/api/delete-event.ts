import { mutate } from 'swr';
import { supabase } from '@/lib/supabase';

/**
 * Deletes an event. Its image, resources' images and story files are removed by the
 * server (the delete_story job queued by the database), so nothing is left behind.
 */
export async function deleteEvent(id: number): Promise<void> {
  const { error } = await supabase().from('events').delete().eq('id', id);
  if (error) throw new Error(error.message || 'Failed to delete event');
  await mutate((key) => Array.isArray(key) && (key[0] === 'events' || key[0] === 'dashboard'));
}
