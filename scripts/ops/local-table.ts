// A shell tool pointed at a DynamoDB Local table instead of AWS: npm start's (its "DynamoDB Local"
// line), or a test table by name. The uploads bucket is named only because the environment asks for one.
export async function useLocalTable(endpoint: string, table: string | undefined, tool: string) {
  const [{ useLocalEnvironment }, { LOCAL_TABLE }] = await Promise.all([
    import('../../functions/local/services'),
    import('../../functions/local/stack'),
  ]);
  useLocalEnvironment({
    dynamoDbEndpoint: endpoint,
    s3Endpoint: endpoint,
    tableName: table ?? LOCAL_TABLE,
    uploadsBucket: `not-used-by-${tool}`,
  });
}
