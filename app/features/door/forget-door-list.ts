/**
 * When nobody who may use the door is signed in on this device (docs/security.md#door), the door's
 * list (every member's name and standing) and tonight's check-ins leave it. The queue stays: a
 * check-in made offline is never lost, and is sent the next time door staff open the door here.
 * Plain IndexedDB, not idb-keyval: the site header runs this on every page, and carries no library
 * for it.
 */
export const DOOR_DATABASE = "ember-oak-door";
export const DOOR_STORE = "door";

export async function forgetDoorListOnThisDevice(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const kept = (await indexedDB.databases?.())?.some((database) => database.name === DOOR_DATABASE) ?? false;
  if (!kept) return;
  await new Promise<void>((resolve) => {
    const opening = indexedDB.open(DOOR_DATABASE);
    opening.onerror = opening.onblocked = () => resolve();
    opening.onsuccess = () => {
      const database = opening.result;
      if (!database.objectStoreNames.contains(DOOR_STORE)) {
        database.close();
        return resolve();
      }
      const transaction = database.transaction(DOOR_STORE, "readwrite");
      transaction.objectStore(DOOR_STORE).delete("list");
      transaction.objectStore(DOOR_STORE).delete("evening");
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            database.close();
            resolve();
          };
    };
  });
}
