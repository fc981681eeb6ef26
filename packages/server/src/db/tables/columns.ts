import type { ColumnType } from 'kysely';

/** Column types shared by the table files: how each driver writes and reads timestamps, JSON, dates and arrays. */

/** Timestamps are written as Date and always read back as Date (both drivers parse timestamptz). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json = ColumnType<unknown, string | null | undefined, string | null>;
/** A calendar date, `YYYY-MM-DD` both ways (db/database.ts keeps the driver from making it a Date). */
export type DateText = ColumnType<string | null, string | null | undefined, string | null>;
/** Arrays are written as arrays and read back as arrays by both drivers. */
export type TextArray = ColumnType<string[], string[], string[]>;
export type IntArray = ColumnType<number[], number[] | undefined, number[]>;
export type JsonObject = ColumnType<Record<string, boolean>, string | undefined, string>;
