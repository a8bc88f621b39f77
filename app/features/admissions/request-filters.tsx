import { Form } from "react-router";
import { consoleButtonClasses, consoleFieldClasses, consoleLabelClasses } from "../concierge/console-styles.ts";

/** The requests list's filters: a GET form, so a filtered list has its own address. */
export function RequestFilters({ status, search }: { status: string | undefined; search: string | undefined }) {
  return (
    // Keyed by the query, so the fields show the filter of the list below after every navigation.
    <Form
      method="get"
      role="search"
      aria-label="Filter invitation requests"
      key={`${status}|${search}`}
      className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="request-status" className={consoleLabelClasses}>
          Status
        </label>
        <select id="request-status" name="status" defaultValue={status ?? ""} className={consoleFieldClasses}>
          <option value="">All</option>
          <option value="new">New</option>
          <option value="approved">Approved</option>
          <option value="declined">Declined</option>
        </select>
      </div>
      <div>
        <label htmlFor="request-search" className={consoleLabelClasses}>
          Search
        </label>
        <input
          id="request-search"
          name="q"
          type="search"
          defaultValue={search ?? ""}
          maxLength={100}
          placeholder="Name, email or company"
          className={consoleFieldClasses}
        />
      </div>
      <div>
        <button type="submit" className={consoleButtonClasses("secondary")}>
          Filter
        </button>
      </div>
    </Form>
  );
}
